import { NavLink, Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailOutbox } from './MailOutbox.tsx';
import { UsersPage } from './UsersPage.tsx';

/** The admin console: a separate chunk behind the secret path prefix (loaded by app/AdminGate). */
export default function AdminConsole({ basePath, apiBase }: { basePath: string; apiBase: string }) {
  const { t } = useTranslation();
  return (
    <section className="page page--wide admin">
      <h1 className="page__title">{t('admin.title')}</h1>
      <nav className="tabs" aria-label={t('admin.title')}>
        <NavLink className="tabs__tab" to={`${basePath}/users`}>{t('admin.users')}</NavLink>
        <NavLink className="tabs__tab" to={`${basePath}/mail`}>{t('admin.mail')}</NavLink>
      </nav>
      <Routes>
        <Route index element={<Navigate to="users" replace />} />
        <Route path="users" element={<UsersPage apiBase={apiBase} />} />
        <Route path="mail" element={<MailOutbox apiBase={apiBase} />} />
        <Route path="*" element={<p className="muted">{t('notFound.body')}</p>} />
      </Routes>
    </section>
  );
}
