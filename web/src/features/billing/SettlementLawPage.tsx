import { Link } from 'react-router';
import { LawTable, type LawRow } from './LawTable.tsx';
import './billing.css';

/*
 * 資金決済法に基づく表示 (/settlement_law) for the prepaid means of the
 * service: talk tickets (3 months, SPEC.md §9) and points (6 months,
 * POINTS_EXPIRY_MONTHS). The operator edits this file when those facts
 * change. Shown to anyone, logged in or not.
 */
const ROWS: LawRow[] = [
  { term: '前払式支払手段の名称', detail: 'トークチケット、ポイント' },
  { term: '発行者', detail: 'TALK WITH 運営事務局' },
  {
    term: '支払可能金額等',
    detail:
      'トークチケット：1枚につきキャラクターとの会話1回。ポイント：1ポイントにつき1円相当として、当社が定めるサービスの利用に充てることができます。購入できるのは各購入画面に表示する数量です。',
  },
  {
    term: '有効期間',
    detail:
      'トークチケット：付与日から3か月（付与時にこれより早い期限を表示した場合はその期限）。ポイント：付与日から6か月。有効期間を過ぎたものは自動的に失効します。',
  },
  { term: '使用できる施設または場所の範囲', detail: '本サービス「TALK WITH」内でのみご利用いただけます。' },
  {
    term: '残高の確認方法',
    detail: (
      <>
        ログイン後、<Link to="/mypage#plan_list">マイページのプラン一覧</Link>
        で保有数と直近の有効期限をご確認いただけます。
      </>
    ),
  },
  {
    term: '利用上の注意',
    detail:
      '取得したアカウントでのみご利用いただけます。他のアカウントへの譲渡・売買・移転はできません。現金その他の財産とは交換できません。利用規約に違反した場合、当社はトークチケットおよびポイントを取り消すことがあります。',
  },
  { term: '払戻し', detail: '法令に定める場合を除き、未使用残高の払戻しはいたしません。' },
  {
    term: 'お問い合わせ先',
    detail: (
      <>
        <Link to="/contact">お問い合わせフォーム</Link>（TALK WITH 運営事務局）
      </>
    ),
  },
  { term: '利用規約', detail: <Link to="/terms_of_use">TALK WITH 利用規約</Link> },
];

export default function SettlementLawPage() {
  return (
    <section className="page">
      <LawTable
        title="資金決済法に基づく表示"
        updated="最終更新日：2026年11月23日"
        intro="トークチケットおよびポイントは、いずれも有効期間が発行日から6か月以内のため、資金決済に関する法律に定める前払式支払手段の発行者の義務の対象外ですが、お客様に安心してご利用いただくため、同法に準じて以下のとおり表示します。"
        rows={ROWS}
      >
        <p className="law__links">
          <Link to="/commerce_law">特定商取引法に基づく表記</Link>
        </p>
      </LawTable>
    </section>
  );
}
