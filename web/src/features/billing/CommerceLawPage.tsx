import { Link } from 'react-router';
import { LawTable, type LawRow } from './LawTable.tsx';
import './billing.css';

/*
 * 特定商取引法に基づく表記 (/commerce_law). These are the operator's facts:
 * the operator edits this file when they change (seller, contact, prices,
 * delivery). Shown to anyone, logged in or not: the law wants it readable
 * before a purchase. Tickets are never refunded (SPEC.md §9).
 */
const ROWS: LawRow[] = [
  { term: '販売事業者', detail: 'TALK WITH 運営事務局' },
  { term: '運営責任者', detail: 'TALK WITH 運営事務局 代表者（氏名はご請求があった場合に遅滞なく開示いたします）' },
  { term: '所在地', detail: 'ご請求があった場合に遅滞なく開示いたします。' },
  {
    term: '電話番号',
    detail: 'ご請求があった場合に遅滞なく開示いたします。お問い合わせは下記のお問い合わせフォームにて承ります。',
  },
  {
    term: 'メールアドレス',
    detail: (
      <>
        お問い合わせフォーム（<Link to="/contact">お問い合わせ</Link>）にて承り、メールにてご返信いたします。
      </>
    ),
  },
  {
    term: '販売価格',
    detail: (
      <>
        各商品の購入画面に表示する価格（消費税込み）です。
        <br />
        TALK WITH 月額プラン 月額1,100円／トークチケット 1枚150円・5枚700円・10枚1,300円／ポイント
        500ポイント500円・1,000ポイント1,000円／有料キャラクターは各キャラクターに表示する価格
      </>
    ),
  },
  {
    term: '商品代金以外の必要料金',
    detail: '本サービスの閲覧・利用に必要となるインターネット接続料金および通信料金は、お客様のご負担となります。',
  },
  {
    term: '支払方法',
    detail:
      'クレジットカード決済（Visa、Mastercard、JCB、American Express、Diners Club）。本人認証サービス（3-Dセキュア）に対応しています。',
  },
  {
    term: '支払時期',
    detail:
      '単品のご購入はご注文時にお支払いが確定します。月額プランは初回のお申し込み時に初月分をお支払いいただき、以降は1か月ごとの契約更新日に自動で決済されます。',
  },
  {
    term: '引渡時期',
    detail:
      '決済完了後、ただちにご利用いただけます。トークチケットおよびポイントは決済完了と同時にお客様のアカウントに付与されます。',
  },
  {
    term: '返品・キャンセル',
    detail:
      'デジタルコンテンツの性質上、購入後の返品・キャンセルはお受けできません。トークチケットの払い戻し・再発行はいたしません。月額プランはマイページのプラン一覧からいつでも解約でき、解約後も契約期間の終了日まではご利用いただけます（日割りでの返金はいたしません）。',
  },
  {
    term: '動作環境',
    detail: '最新版の Google Chrome、Safari、Microsoft Edge、Firefox。音声での会話にはマイクが必要です。',
  },
];

export default function CommerceLawPage() {
  return (
    <section className="page">
      <LawTable title="特定商取引法に基づく表記" updated="最終更新日：2026年11月23日" rows={ROWS}>
        <p className="law__links">
          <Link to="/settlement_law">資金決済法に基づく表示</Link>
          <Link to="/terms_of_use">利用規約</Link>
        </p>
      </LawTable>
    </section>
  );
}
