/**
 * The plan list of /mypage (features never import each other; they go through
 * app/). Apart from app/billing.ts so that only the account pages' chunk carries it.
 */
export { PlanList } from '../features/billing/PlanList.tsx';
/** The account delete page names the plans and cards a deletion ends (billing's texts, billing's APIs). */
export { AccountDeletionNotice, useAccountDeletionConsequences } from '../features/billing/AccountDeletionNotice.tsx';
