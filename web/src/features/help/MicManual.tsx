/** How to let iOS Safari hear you (SPEC.md §2): three settings, each with the steps to change it. */
const SECTIONS = [
  {
    id: 'privacy',
    title: '1. プライバシー設定（音声認識を許可する）',
    lead: 'Safari が音声認識を使えるように許可します。許可されていないと、お話しした内容が文字に変換されず、キャラクターが反応できません。',
    steps: [
      '「設定」アプリを開きます。',
      '「プライバシーとセキュリティ」をタップします。',
      '「音声認識」をタップします。',
      '一覧の「Safari」をオン（緑色）にします。',
    ],
  },
  {
    id: 'low-power',
    title: '2. 低電力モードをオフにする',
    lead: '低電力モードがオンになっていると、マイクや音声認識が途中で止まったり、動画が正しく再生されなかったりすることがあります。',
    steps: [
      '「設定」アプリを開きます。',
      '「バッテリー」をタップします。',
      '「低電力モード」をオフにします。',
    ],
    note: 'コントロールセンターの電池のアイコンからも切り替えられます。アイコンが黄色のときはオンになっています。',
  },
  {
    id: 'mic',
    title: '3. Safari のマイクを「許可」にする',
    lead: 'Safari がマイクを使えるように設定します。「拒否」や、毎回「確認」になっていると会話を始められないことがあります。',
    steps: [
      '「設定」アプリを開き、「アプリ」→「Safari」をタップします（iOS 17 以前は「Safari」を直接タップします）。',
      '「Webサイトの設定」の「マイク」をタップします。',
      '「許可」を選択します。',
    ],
    note: 'Safari で TALK WITH を開いているときは、アドレスバー左の「ぁあ」（または「ページ設定」）→「Webサイトの設定」→「マイク」からも「許可」にできます。',
  },
] as const;

export default function MicManual() {
  return (
    <article className="doc" lang="ja">
      <h1 className="doc__title">マイクの設定方法（iPhone・iPad の Safari）</h1>
      <p>キャラクターと会話するには、マイクと音声認識の利用を許可していただく必要があります。うまく会話できない場合は、次の3つの設定をご確認ください。設定を変更したあとは、Safari で TALK WITH のページを再読み込みしてください。</p>
      {SECTIONS.map((section) => (
        <section key={section.id} id={section.id} className="manual-step">
          <h2>{section.title}</h2>
          <p>{section.lead}</p>
          <ol>{section.steps.map((step) => <li key={step}>{step}</li>)}</ol>
          {'note' in section && <p className="muted small">{section.note}</p>}
        </section>
      ))}
      <p className="muted small">表示される項目の名前は、iOS のバージョンによって異なる場合があります。</p>
    </article>
  );
}
