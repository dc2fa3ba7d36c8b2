import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import { ContactDevPage, ContactPage } from './ContactPage.tsx';
import { aUser, engagementServer, loggedOut, refusal, signedInAs } from './testing.tsx';

const routes = [
  { path: '/contact', element: <ContactPage /> },
  { path: '/contact_dev', element: <ContactDevPage /> },
];
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1';
const received = (id: string, receiptNumber = 'CT-2611-7K3Q', mailed = false) =>
  [
    201,
    {
      ok: true,
      id,
      receipt_number: receiptNumber,
      receipt_mailed: mailed,
      message: 'お問い合わせを受け付けました。受付番号をお控えください。',
    },
  ] as [number, unknown];

const category = () => screen.getByLabelText('お問い合わせの種類') as HTMLSelectElement;
const email = () => screen.getByLabelText('メールアドレス') as HTMLInputElement;
const message = () => screen.getByLabelText('お問い合わせ内容') as HTMLTextAreaElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: '送信する' }));
const contactCalls = (server: ReturnType<typeof engagementServer>) =>
  server.calls.filter((c) => c.url === '/api/contacts');

afterEach(() => vi.restoreAllMocks());

describe('ContactPage', () => {
  it('ContactPage, logged out, sends the form with the typed address and shows the receipt', async () => {
    const server = engagementServer({ 'POST contacts': received('ct-42') });
    await renderRoutes(routes, { path: '/contact', state: loggedOut });

    fireEvent.change(category(), { target: { value: '0' } });
    fireEvent.change(email(), { target: { value: ' guest@example.jp ' } });
    fireEvent.change(screen.getByLabelText('お名前（任意）'), { target: { value: '山田 花子' } });
    fireEvent.change(message(), { target: { value: '料金について教えてください。' } });
    send();

    expect(await screen.findByText('お問い合わせを受け付けました。')).toBeTruthy();
    expect(
      screen.getByText('担当者から guest@example.jp 宛にご連絡します。お問い合わせの際は受付番号をお伝えください。'),
    ).toBeTruthy();
    expect(screen.getByText('CT-2611-7K3Q')).toBeTruthy();
    expect(screen.queryByText(/受付確認のメール/)).toBeNull();
    expect(contactCalls(server)[0]?.body).toEqual({
      channel: 'contact',
      category: 0,
      email: 'guest@example.jp',
      name: '山田 花子',
      message: '料金について教えてください。',
    });
    expect(contactCalls(server)[0]?.headers.get('authorization')).toBeNull();
  });

  it('ContactPage, logged out, shows the receipt number on screen and says it is shown only there', async () => {
    engagementServer({ 'POST contacts': received('ct-43', 'CT-2612-ABCD') });
    await renderRoutes(routes, { path: '/contact', state: loggedOut });
    fireEvent.change(category(), { target: { value: '0' } });
    fireEvent.change(email(), { target: { value: 'guest@example.jp' } });
    fireEvent.change(message(), { target: { value: '質問です。' } });
    send();

    const number = await screen.findByText('CT-2612-ABCD');
    expect(number.closest('.contact-receipt__number')?.textContent).toBe('受付番号CT-2612-ABCD');
    expect(screen.getByText('この番号は画面にのみ表示されます。控えておいてください。')).toBeTruthy();
  });

  it.each([
    ['en-US', 'Receipt number', 'This number is only shown here. Please write it down.'],
    ['fil-PH', 'Receipt number', 'Dito lang makikita ang numerong ito. Pakitala ito.'],
    ['zh-TW', '受理編號', '此編號僅顯示於此畫面，請務必記下。'],
  ] as const)(
    'ContactPage, logged out in %s, shows the receipt number with its label in that language',
    async (language, label, keep) => {
      engagementServer({ 'POST contacts': received('ct-45', 'CT-2612-LANG') });
      await renderRoutes(routes, { path: '/contact', state: loggedOut, language });
      fireEvent.change(document.querySelector('select')!, { target: { value: '0' } });
      fireEvent.change(document.querySelector('input[type="email"]')!, { target: { value: 'guest@example.jp' } });
      fireEvent.change(document.querySelector('textarea')!, { target: { value: 'Hello' } });
      fireEvent.submit(document.querySelector('form')!);

      const number = await screen.findByText('CT-2612-LANG');
      expect(number.closest('.contact-receipt__number')?.textContent).toBe(`${label}CT-2612-LANG`);
      expect(screen.getByText(keep)).toBeTruthy();
      expect(screen.getByText(/guest@example\.jp/)).toBeTruthy();
    },
  );

  it("ContactPage, logged in with a receipt mailed, shows the number and names the account's address, not the typed one", async () => {
    const user = aUser();
    engagementServer({ 'POST contacts': received('ct-44', 'CT-2612-WXYZ', true) });
    await renderRoutes(routes, { path: '/contact', state: signedInAs(user) });
    fireEvent.change(email(), { target: { value: 'other@example.jp' } });
    fireEvent.change(category(), { target: { value: '5' } });
    fireEvent.change(message(), { target: { value: '要望です。' } });
    send();

    expect(await screen.findByText('CT-2612-WXYZ')).toBeTruthy();
    expect(
      screen.getByText('ご登録のメールアドレスに受付確認のメールをお送りします。担当者からのご連絡をお待ちください。'),
    ).toBeTruthy();
    expect(screen.queryByText(/other@example\.jp/)).toBeNull();
  });

  it("ContactPage, logged in, fills in the session's address, which stays editable", async () => {
    const user = aUser();
    const server = engagementServer({ 'POST contacts': received('ct-1') });
    await renderRoutes(routes, { path: '/contact', state: signedInAs(user) });

    expect(email().value).toBe(user.email);
    fireEvent.change(email(), { target: { value: 'other@example.jp' } });
    fireEvent.change(category(), { target: { value: '5' } });
    fireEvent.change(message(), { target: { value: 'もっとキャラクターを増やしてください。' } });
    send();

    await screen.findByText('お問い合わせを受け付けました。');
    expect(contactCalls(server)[0]?.body).toMatchObject({ email: 'other@example.jp', category: 5 });
    expect(contactCalls(server)[0]?.body).not.toHaveProperty('device');
  });

  it('ContactPage, a dialogue question (category 1), shows the device information and sends it', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    const server = engagementServer({ 'POST contacts': received('ct-2') });
    await renderRoutes(routes, { path: '/contact', state: loggedOut });
    expect(screen.queryByRole('heading', { name: '一緒に送信される端末情報' })).toBeNull();

    fireEvent.change(category(), { target: { value: '1' } });
    const facts = screen.getByRole('region', { name: '一緒に送信される端末情報' });
    expect(within(facts).getByText('スマートフォン')).toBeTruthy();
    expect(within(facts).getByText('Safari 17.4.1')).toBeTruthy();
    expect(within(facts).getByText('iOS 17.4.1')).toBeTruthy();
    expect(within(facts).getByText('Apple iPhone')).toBeTruthy();
    fireEvent.change(email(), { target: { value: 'a@example.jp' } });
    fireEvent.change(message(), { target: { value: '動画が止まります。' } });
    send();

    await screen.findByText('お問い合わせを受け付けました。');
    expect(contactCalls(server)[0]?.body).toMatchObject({
      category: 1,
      device: {
        device_type: 'mobile',
        browser_name: 'Safari',
        os: 'iOS',
        mobile_model: 'iPhone',
        is_ios: true,
        is_mobile: true,
        user_agent: IPHONE,
      },
    });
  });

  it('ContactDevPage, opened, defaults to a bug report with the device information on the contact_dev channel', async () => {
    const server = engagementServer({ 'POST contacts': received('ct-3') });
    await renderRoutes(routes, { path: '/contact_dev', state: loggedOut });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('技術的なお問い合わせ');
    expect(category().value).toBe('2');
    expect(screen.getByRole('region', { name: '一緒に送信される端末情報' })).toBeTruthy();
    fireEvent.change(email(), { target: { value: 'dev@example.jp' } });
    fireEvent.change(message(), { target: { value: 'ボタンが反応しません。' } });
    send();

    await screen.findByText('お問い合わせを受け付けました。');
    expect(contactCalls(server)[0]?.body).toMatchObject({
      channel: 'contact_dev',
      category: 2,
      device: { user_agent: navigator.userAgent },
    });
  });

  it('ContactPage, nothing filled in, says what is missing and sends nothing', async () => {
    const server = engagementServer({});
    await renderRoutes(routes, { path: '/contact', state: loggedOut });

    send();

    expect(screen.getByText('お問い合わせの種類を選択してください。')).toBeTruthy();
    expect(screen.getByText('メールアドレスを入力してください。')).toBeTruthy();
    expect(screen.getByText('お問い合わせ内容を入力してください。')).toBeTruthy();
    expect(category().getAttribute('aria-invalid')).toBe('true');
    expect(contactCalls(server)).toHaveLength(0);
  });

  it('ContactPage, a malformed address or a message over 5000 characters, is refused before sending', async () => {
    const server = engagementServer({});
    await renderRoutes(routes, { path: '/contact', state: loggedOut });

    fireEvent.change(category(), { target: { value: '3' } });
    fireEvent.change(email(), { target: { value: 'not-an-address' } });
    fireEvent.change(message(), { target: { value: 'あ'.repeat(5001) } });
    send();

    expect(screen.getByText('5001 / 5000文字')).toBeTruthy();
    expect(screen.getByText('メールアドレスの形式が正しくありません。')).toBeTruthy();
    expect(screen.getByText('お問い合わせ内容は5000文字以内で入力してください。')).toBeTruthy();
    expect(contactCalls(server)).toHaveLength(0);
  });

  it("ContactPage, too many contacts (429), shows the server's text and keeps the message", async () => {
    engagementServer({
      'POST contacts': refusal(429, 'RATE_LIMITED', '送信回数の上限に達しました。しばらくしてから再度お試しください。'),
    });
    await renderRoutes(routes, { path: '/contact', state: loggedOut });

    fireEvent.change(category(), { target: { value: '4' } });
    fireEvent.change(email(), { target: { value: 'a@example.jp' } });
    fireEvent.change(message(), { target: { value: 'コードが使えません。' } });
    send();

    expect((await screen.findByRole('alert')).textContent).toBe(
      '送信回数の上限に達しました。しばらくしてから再度お試しください。',
    );
    expect(message().value).toBe('コードが使えません。');
  });

  it('ContactPage, after a receipt, offers a fresh form for another inquiry', async () => {
    engagementServer({ 'POST contacts': received('ct-9') });
    await renderRoutes(routes, { path: '/contact', state: loggedOut });
    fireEvent.change(category(), { target: { value: '0' } });
    fireEvent.change(email(), { target: { value: 'a@example.jp' } });
    fireEvent.change(message(), { target: { value: '質問です。' } });
    send();

    fireEvent.click(await screen.findByRole('button', { name: '別のお問い合わせをする' }));

    expect(message().value).toBe('');
    expect(category().value).toBe('');
  });
});
