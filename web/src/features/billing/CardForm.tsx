import { useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Field, Notice } from '../../app/ui.tsx';
import { useTokenEndpointQuery } from './billingApi.ts';
import { CardTokenError, fetchCardToken, type TokenEndpoint } from './cardToken.ts';

export interface CardFormProps {
  submitLabel: string;
  /** Offer 「このカードを保存する」 (purchases); card registration always saves. */
  offerSave?: boolean;
  busy?: boolean;
  /** Where to tokenise; by default the one billing names (GET /api/payment/token_endpoint: the sandbox or VeriTrans4G). */
  endpoint?: TokenEndpoint;
  onToken: (token: string, options: { save: boolean }) => Promise<void> | void;
}

/**
 * Card number, expiry and security code. The inputs are uncontrolled: the
 * values are read once on submit, sent to the provider's token endpoint and
 * the form is cleared, so the number never sits in React or Redux state, a
 * URL, storage or a log. Only the token leaves this component.
 */
export function CardForm({ submitLabel, offerSave = false, busy = false, endpoint, onToken }: CardFormProps) {
  const { t } = useTranslation('billing');
  const form = useRef<HTMLFormElement>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const served = useTokenEndpointQuery(undefined, { skip: Boolean(endpoint) }).data;
  const target = endpoint ?? (served ? { url: served.url, tokenApiKey: served.token_api_key } : undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target) return;
    const data = new FormData(event.currentTarget);
    const save = data.get('save') === 'on';
    setProblem(null);
    setTokenizing(true);
    let token: string;
    try {
      token = await fetchCardToken(
        {
          number: String(data.get('cardnumber') ?? ''),
          expiry: String(data.get('cc-exp') ?? ''),
          securityCode: String(data.get('cvc') ?? ''),
        },
        target,
      );
    } catch (error) {
      setProblem(tokenProblem(error, t));
      return;
    } finally {
      setTokenizing(false);
    }
    form.current?.reset();
    await onToken(token, { save });
  };

  const working = tokenizing || busy || !target;
  return (
    <form ref={form} className="card-form" onSubmit={(event) => void submit(event)} autoComplete="on" noValidate>
      <Field
        label={t('billing.card.number')}
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        required
        maxLength={23}
        placeholder="1234 5678 9012 3456"
      />
      <div className="card-form__row">
        <Field
          label={t('billing.card.expiry')}
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          required
          maxLength={7}
          placeholder={t('billing.card.expiryPlaceholder')}
        />
        <Field
          label={t('billing.card.cvc')}
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          required
          maxLength={4}
          placeholder="123"
        />
      </div>
      {offerSave && (
        <label className="check">
          <input type="checkbox" name="save" defaultChecked />
          <span>{t('billing.card.save')}</span>
        </label>
      )}
      {problem && <Notice kind="error">{problem}</Notice>}
      <p className="muted small">{t('billing.card.secureNote')}</p>
      <button type="submit" className="btn btn--primary btn--block" disabled={working}>
        {tokenizing ? t('billing.card.tokenizing') : submitLabel}
      </button>
    </form>
  );
}

function tokenProblem(error: unknown, t: TFunction<'billing'>): string {
  if (error instanceof CardTokenError && error.reason === 'timeout') return t('billing.card.timeout');
  if (error instanceof CardTokenError && error.reason === 'invalid')
    return error.message && error.message !== 'invalid' ? error.message : t('billing.card.invalid');
  return t('billing.card.network');
}
