import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileBody, PublicUser } from '@talkwith/proto/identity';
import { errorMessageOf, selectUser, useUpdateProfileMutation } from '../../../api/index.ts';
import { useAppSelector } from '../../../app/hooks.ts';
import { Card, Field, Notice, Page } from '../../../app/ui.tsx';

const GENDERS: PublicUser['gender'][] = ['female', 'male', 'other', 'unspecified'];

function ProfileForm({ user }: { user: PublicUser }) {
  const { t } = useTranslation('auth');
  const [form, setForm] = useState<Required<ProfileBody>>({
    nickname: user.nickname,
    gender: user.gender,
    date_of_birth: user.date_of_birth,
  });
  const [update, { isLoading, isSuccess, error, reset }] = useUpdateProfileMutation();
  const set = <K extends keyof ProfileBody>(key: K, value: Required<ProfileBody>[K]) => {
    reset();
    setForm((prev) => ({ ...prev, [key]: value }));
  };
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void update(form);
      }}
    >
      {isSuccess && <Notice kind="success">{t('profile.saved')}</Notice>}
      {error && <Notice kind="error">{errorMessageOf(error, t('common.failed'))}</Notice>}
      <Field label={t('form.email')} value={user.email} readOnly disabled />
      <Field
        label={t('form.nickname')}
        name="nickname"
        maxLength={40}
        value={form.nickname}
        onChange={(e) => set('nickname', e.target.value)}
      />
      <div className="field">
        <label className="field__label" htmlFor="profile-gender">
          {t('form.gender')}
        </label>
        <select
          id="profile-gender"
          className="field__input"
          value={form.gender}
          onChange={(e) => set('gender', e.target.value as PublicUser['gender'])}
        >
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t(`gender.${gender}`)}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t('form.dateOfBirth')}
        type="date"
        name="date_of_birth"
        value={form.date_of_birth}
        onChange={(e) => set('date_of_birth', e.target.value)}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={isLoading}>
        {t('common.save')}
      </button>
    </form>
  );
}

export function ProfilePage() {
  const { t } = useTranslation('auth');
  const user = useAppSelector(selectUser);
  return (
    <Page title={t('profile.title')}>
      <Card>{user && <ProfileForm user={user} />}</Card>
    </Page>
  );
}
