import { Link } from 'react-router';

/** Frequently asked questions, then the way to the inquiry forms ("FAQ and inquiries" of SPEC.md §2). */
const QUESTIONS = [
  { q: 'TALK WITH はどんなサービスですか？', a: '録画されたキャラクターの動画と、声で会話ができるサービスです。あなたが話しかけた内容を音声認識で聞き取り、キャラクターが動画でこたえます。字幕も表示されます。' },
  { q: '利用に必要な環境を教えてください。', a: 'マイクが使えるスマートフォンまたはパソコンと、最新版のブラウザ（iPhone・iPad は Safari、Android・パソコンは Google Chrome を推奨）が必要です。通信量の多い動画を再生するため、Wi-Fi 環境でのご利用をおすすめします。' },
  { q: 'キャラクターが私の声に反応しません。', a: 'マイクと音声認識の利用が許可されているかご確認ください。iPhone・iPad の場合は「マイクの設定方法」の3つの設定をご確認ください。周囲が騒がしい場合や、小さな声では聞き取れないことがあります。' },
  { q: '確認メールが届きません。', a: '迷惑メールフォルダをご確認ください。ドメイン指定受信を設定している場合は、TALK WITH からのメールを受信できるよう設定してから、もう一度ご登録ください。確認リンクの有効期限は24時間です。' },
  { q: 'パスワードを忘れました。', a: 'ログイン画面の「パスワードをお忘れの方」から、登録済みのメールアドレスを入力してください。再設定用のリンクをお送りします（有効期限30分）。' },
  { q: 'パスワードに使える文字を教えてください。', a: '半角の英字・数字・記号を使い、8文字以上30文字以内で設定してください。英字と数字をそれぞれ1文字以上含める必要があります。' },
  { q: 'トークチケットに有効期限はありますか？', a: 'トークチケットの有効期限は付与から3か月です（付与時に別途期限が示された場合はその期限まで）。期限を過ぎると自動的に失効し、払い戻しや再発行はできません。' },
  { q: 'シリアルコードはどこで入力しますか？', a: 'メニューの「クーポン」からシリアルコードを入力してください。入力の誤りが続くと、一定時間入力できなくなります。' },
  { q: '退会するにはどうすればよいですか？', a: 'ログイン後、「アカウント」→「アカウントの削除」から手続きできます。削除したアカウントと、保有しているトークチケット・ポイントは元に戻せません。' },
] as const;

export default function Faq() {
  return (
    <article className="doc" lang="ja">
      <h1 className="doc__title">よくあるご質問</h1>
      <div className="faq">
        {QUESTIONS.map((item) => (
          <details key={item.q} className="faq__item">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
      <section>
        <h2>お問い合わせ</h2>
        <p>解決しない場合は、お問い合わせフォームからご連絡ください。通常3営業日以内にご返信いたします。</p>
        <p className="doc__links">
          <Link className="btn btn--primary" to="/contact">お問い合わせフォーム</Link>
          <Link className="btn btn--ghost" to="/contact_dev">技術的なお問い合わせ</Link>
          <Link className="btn btn--ghost" to="/mic_manual">マイクの設定方法</Link>
        </p>
      </section>
    </article>
  );
}
