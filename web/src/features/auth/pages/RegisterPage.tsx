import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isMinorOn, type SignupBody } from '@talkwith/proto/identity';
import { errorMessageOf, selectSession, useSignupMutation } from '../../../api/index.ts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { Card, Field, Notice, Page } from '../../../app/ui.tsx';
import { PasswordInput } from '../PasswordInput.tsx';
import { isValidPassword } from '../passwordRule.ts';
import { signupSubmitted } from '../authSlice.ts';
import { isLanguage } from '../../../i18n/languages.ts';

const GENDERS: SignupBody['gender'][] = ['female', 'male', 'other', 'unspecified'];
const today = () => new Date().toISOString().slice(0, 10);

export function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [form, setForm] = useState<SignupBody>({ email: '', password: '', gender: 'unspecified', date_of_birth: '' });
  const [agreed, setAgreed] = useState(false);
  const [guardianAgreed, setGuardianAgreed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [signup, { isLoading }] = useSignupMutation();
  const set = <K extends keyof SignupBody>(key: K, value: SignupBody[K]) =>
    setForm((prev) => ({ ...prev, [key]: value }));
  const { status } = useAppSelector(selectSession);
  // Under 18 in Japan time (the server reckons it the same way, proto identity/minors.ts): the terms ask for the guardian's consent.
  const minor = isMinorOn(form.date_of_birth, new Date());

  // Someone already logged in does not sign up again.
  if (status === 'authenticated') return <Navigate to="/mypage" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPassword(form.password)) return setFailure(t('password.invalid'));
    if (!agreed) return setFailure(t('register.mustAgree'));
    if (minor && !guardianAgreed) return setFailure(t('register.mustConsent'));
    setFailure(null);
    // The interface language the person signs up in: identity keeps it, and billing's mails are written in it.
    const language = isLanguage(i18n.language) ? { language: i18n.language } : {};
    // An empty nickname is left out: the server then takes the part of the address before @.
    const { nickname = '', ...rest } = form;
    const chosen = nickname.trim() ? { nickname: nickname.trim() } : {};
    const result = await signup({ ...rest, ...chosen, ...language, ...(minor ? { guardian_consent: true } : {}) });
    if (result.error) return setFailure(errorMessageOf(result.error, t('common.failed')));
    dispatch(signupSubmitted(form.email));
    void navigate('/email_confirm');
  };

  return (
    <Page title={t('register.title')} lead={t('register.lead')}>
      <Card>
        {failure && <Notice kind="error">{failure}</Notice>}
        <form onSubmit={(event) => void submit(event)}>
          <Field
            label={t('form.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
          />
          <Field
            label={t('register.nicknameLabel')}
            name="nickname"
            autoComplete="nickname"
            maxLength={40}
            value={form.nickname ?? ''}
            placeholder={form.email.split('@')[0] ?? ''}
            hint={t('register.nicknameHint')}
            onChange={(e) => set('nickname', e.target.value)}
          />
          <PasswordInput
            label={t('form.password')}
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(v) => set('password', v)}
          />
          <fieldset className="field choice-group">
            <legend className="field__label">{t('form.gender')}</legend>
            <div className="choices">
              {GENDERS.map((gender) => (
                <label key={gender} className="choice">
                  <input
                    type="radio"
                    name="gender"
                    value={gender}
                    checked={form.gender === gender}
                    onChange={() => set('gender', gender)}
                  />
                  <span>{t(`gender.${gender}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <Field
            label={t('form.dateOfBirth')}
            type="date"
            name="date_of_birth"
            required
            min="1900-01-01"
            max={today()}
            value={form.date_of_birth}
            onChange={(e) => set('date_of_birth', e.target.value)}
          />
          {minor && (
            <div className="guardian-consent">
              <p className="small">{t('register.guardianNote')}</p>
              <label className="check">
                <input
                  type="checkbox"
                  name="guardian_consent"
                  checked={guardianAgreed}
                  onChange={(e) => setGuardianAgreed(e.target.checked)}
                />
                <span>{t('register.guardianConsent')}</span>
              </label>
            </div>
          )}
          <label className="check">
            <input type="checkbox" name="agree" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
            <span>
              <Link to="/terms_of_use">{t('nav.terms')}</Link>
              {t('register.and')}
              <Link to="/privacy_policy">{t('nav.privacy')}</Link>
              {t('register.agree')}
            </span>
          </label>
          <button type="submit" className="btn btn--primary btn--block" disabled={isLoading}>
            {isLoading ? t('common.sending') : t('register.submit')}
          </button>
        </form>
        <p className="form-links">
          <Link to="/login">{t('register.toLogin')}</Link>
        </p>
      </Card>
    </Page>
  );
}
