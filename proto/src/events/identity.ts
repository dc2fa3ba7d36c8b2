import { Type } from '@sinclair/typebox';
import { defineEvent } from '../envelope/index.ts';
import { InterfaceLanguage } from '../identity/language.ts';

const UserId = Type.String({ minLength: 1 });

export const UserRegistered = defineEvent(
  'user.registered',
  1,
  Type.Object({
    user_id: UserId,
    email: Type.String(),
    registered_at: Type.String({ format: 'date-time' }),
    date_of_birth: Type.Optional(
      Type.String({
        format: 'date',
        description:
          "YYYY-MM-DD as given at sign-up (1900-01-01: not known, e.g. Google sign-in); billing applies the minors' spending cap by it",
      }),
    ),
    by: Type.Optional(
      Type.Union([Type.Literal('user'), Type.Literal('admin')], {
        description: 'admin: an operator created the account in the console (absent: the customer signed up)',
      }),
    ),
    guardian_consent_at: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          "a minor (under 18 in Japan time at sign-up) declared the guardian's consent then (terms: minors need guardian consent)",
      }),
    ),
    language: Type.Optional(InterfaceLanguage),
  }),
  "An account was created: a customer signed up (before confirming the e-mail address), or an operator created it. Billing opens a wallet and keeps the account's facts it needs, engagement greets, logging records.",
);

export const UserAnnounced = defineEvent(
  'user.announced',
  1,
  Type.Object({
    user_id: UserId,
    email: Type.String(),
    registered_at: Type.String({ format: 'date-time' }),
    date_of_birth: Type.Optional(Type.String({ format: 'date' })),
    guardian_consent_at: Type.Optional(Type.String({ format: 'date-time' })),
    language: Type.Optional(InterfaceLanguage),
  }),
  'An existing account as it is now, announced again because a service keeping a projection of accounts asked (facts.requested, owner identity). Projections upsert it; it is not a sign-up: nothing greets, grants or counts on it.',
);

export const UserLoggedIn = defineEvent(
  'user.logged_in',
  1,
  Type.Object({
    user_id: UserId,
    relogin: Type.Boolean({ description: 'the previous log-in was within 48 hours (SPEC.md §4)' }),
    method: Type.Union([Type.Literal('password'), Type.Literal('google')]),
    at: Type.String({ format: 'date-time' }),
  }),
  'A user logged in.',
);

export const UserEmailChanged = defineEvent(
  'user.email_changed',
  1,
  Type.Object({
    user_id: UserId,
    old_email: Type.String(),
    new_email: Type.String(),
    by: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
  }),
  "A user's e-mail address changed (after verification, or by an admin).",
);

export const UserLanguageChanged = defineEvent(
  'user.language_changed',
  1,
  Type.Object({ user_id: UserId, language: InterfaceLanguage }),
  'A user switched the interface language while signed in; billing writes its mails in it.',
);

export const UserDeleted = defineEvent(
  'user.deleted',
  1,
  Type.Object({ user_id: UserId, by: Type.Union([Type.Literal('user'), Type.Literal('admin')]) }),
  'An account was deleted; other services erase or anonymise what they hold for it.',
);

export const AdminActed = defineEvent(
  'admin.acted',
  1,
  Type.Object({
    admin_id: UserId,
    action: Type.String({ description: 'e.g. user.password_changed, user.deleted' }),
    target_user_id: Type.Optional(Type.String()),
    detail: Type.Optional(Type.Unknown()),
  }),
  'An admin did something; the logging service keeps it in the admin audit log (who, what, which user).',
);

export const identityEvents = [
  UserRegistered,
  UserAnnounced,
  UserLoggedIn,
  UserEmailChanged,
  UserLanguageChanged,
  UserDeleted,
  AdminActed,
];
