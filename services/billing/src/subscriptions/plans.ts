import type { PlanCode, PlanView } from '@talkwith/proto/billing';

/**
 * The plans sold (API.md § Subscriptions). Constants, not configuration: a
 * price change is a product decision that ships with its code and its
 * 特定商取引法 page.
 */
export const PLANS: Readonly<Record<PlanCode, PlanView>> = {
  PROD001: {
    plan_code: 'PROD001',
    name: 'TALK WITH 月額プラン',
    amount: 1100,
    period_months: 1,
    tickets: 10,
    points: 100,
    group_bound: false,
    name_i18n: {
      'en-US': 'TALK WITH Monthly Plan',
      'fil-PH': 'TALK WITH Buwanang Plano',
      'zh-TW': 'TALK WITH 月費方案',
    },
  },
  OTHERS: {
    plan_code: 'OTHERS',
    name: 'TALK WITH グループプラン',
    amount: 1100,
    period_months: 1,
    tickets: 10,
    points: 100,
    group_bound: true,
    name_i18n: {
      'en-US': 'TALK WITH Group Plan',
      'fil-PH': 'TALK WITH Planong Pang-grupo',
      'zh-TW': 'TALK WITH 團體方案',
    },
  },
};

export function planOf(code: PlanCode): PlanView {
  return PLANS[code];
}
