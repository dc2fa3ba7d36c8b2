import { Type, type Static } from '@sinclair/typebox';

export * from './minors.ts';
export * from './language.ts';
export * from './localized.ts';
import { InterfaceLanguage } from './language.ts';

/**
 * HTTP bodies of the identity service (SPEC.md §7 Authentication, Users).
 * Field names follow the spec, including its spelling `vertificationMail`.
 */

export const Email = Type.String({
  format: 'email',
  maxLength: 254,
  description: 'e-mail address, compared case-insensitively',
});
/** Shape only; the password rule of SPEC.md §5 is checked by the service so its message can be specific. */
export const Password = Type.String({
  minLength: 1,
  maxLength: 256,
  description: 'plain-text password (never logged)',
});
export const Gender = Type.Union([
  Type.Literal('male'),
  Type.Literal('female'),
  Type.Literal('other'),
  Type.Literal('unspecified'),
]);
export const DateOfBirth = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
export const Role = Type.Union([Type.Literal('customer'), Type.Literal('admin')]);
export type Role = Static<typeof Role>;

/** A nickname, at sign-up and on the profile: the same rule for both. */
export const Nickname = Type.String({ maxLength: 40 });

export const SignupBody = Type.Object(
  {
    email: Email,
    password: Password,
    gender: Gender,
    date_of_birth: DateOfBirth,
    nickname: Type.Optional(
      Type.String({ ...Nickname, description: 'optional; empty or absent: the part of the address before @' }),
    ),
    guardian_consent: Type.Optional(
      Type.Boolean({
        description:
          'required (true) when the date of birth makes the person under 18 in Japan time: the guardian agreed (terms: minors need guardian consent); stored with its time',
      }),
    ),
    language: Type.Optional(InterfaceLanguage),
  },
  { additionalProperties: false },
);
export type SignupBody = Static<typeof SignupBody>;

export const TokenBody = Type.Object(
  { token: Type.String({ minLength: 16, maxLength: 200 }) },
  { additionalProperties: false },
);
export type TokenBody = Static<typeof TokenBody>;

export const LoginBody = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 254 }), password: Password },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const PublicUser = Type.Object({
  id: Type.String(),
  email: Type.String(),
  gender: Gender,
  date_of_birth: DateOfBirth,
  nickname: Type.String(),
  roles: Type.Array(Role),
  email_confirmed: Type.Boolean(),
  guardian_consent_at: Type.Optional(
    Type.String({ format: 'date-time', description: "when a minor declared the guardian's consent at sign-up" }),
  ),
  language: InterfaceLanguage,
  created_at: Type.String({ format: 'date-time' }),
  last_login_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  suspended_at: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'set while an operator has suspended the account: it cannot log in',
    }),
  ),
  suspend_reason: Type.Optional(Type.String({ description: "the operator's note on a suspension (admin reads only)" })),
});
export type PublicUser = Static<typeof PublicUser>;

export const LoginResult = Type.Object({
  ok: Type.Boolean(),
  errorMessage: Type.Optional(Type.String()),
  rateLimited: Type.Optional(Type.Boolean()),
  relogin: Type.Optional(Type.Boolean({ description: 'true when the previous log-in was within 48 hours' })),
  passwordChangeRequired: Type.Optional(
    Type.Boolean({
      description:
        "true when the account must set a new password (the first admin's printed one) before admin routes answer",
    }),
  ),
  accessToken: Type.Optional(Type.String()),
  user: Type.Optional(PublicUser),
});
export type LoginResult = Static<typeof LoginResult>;

export const PasswordResetRequestBody = Type.Object({ email: Email }, { additionalProperties: false });
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBody>;
/** POST /api/auth/email_confirm/resend: a new confirmation link for an unconfirmed account (answered alike for any address). */
export const ConfirmResendBody = Type.Object({ email: Email }, { additionalProperties: false });
export type ConfirmResendBody = Static<typeof ConfirmResendBody>;
export const PasswordResetBody = Type.Object(
  { newPassword: Password, token: Type.String({ minLength: 16, maxLength: 200 }) },
  { additionalProperties: false },
);
export type PasswordResetBody = Static<typeof PasswordResetBody>;
export const PasswordChangeBody = Type.Object(
  { currentPassword: Password, newPassword: Password, user_id: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;

export const EmailChangeBody = Type.Object({ new_email: Email, password: Password }, { additionalProperties: false });
export type EmailChangeBody = Static<typeof EmailChangeBody>;
export const AccountDeleteBody = Type.Object({ password: Password }, { additionalProperties: false });
export type AccountDeleteBody = Static<typeof AccountDeleteBody>;
export const ProfileBody = Type.Object(
  { nickname: Type.Optional(Nickname), gender: Type.Optional(Gender), date_of_birth: Type.Optional(DateOfBirth) },
  { additionalProperties: false },
);
export type ProfileBody = Static<typeof ProfileBody>;

/** PUT /api/auth/language: the signed-in user switched the interface language (billing's mails follow it). */
export const LanguageBody = Type.Object({ language: InterfaceLanguage }, { additionalProperties: false });
export type LanguageBody = Static<typeof LanguageBody>;

export const AdminUserQuery = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 254 })),
  q: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'part of an address or a nickname (a user picker); ignored when email is given',
    }),
  ),
  exact: Type.Boolean({ default: false }),
  page: Type.Integer({ minimum: 1, default: 1 }),
  new: Type.Optional(Type.Boolean({ description: 'only users registered in the last 7 days' })),
});
export type AdminUserQuery = Static<typeof AdminUserQuery>;

export const AdminPasswordChangeBody = Type.Object(
  { user_id: Type.String({ minLength: 1 }), password: Password, sendMail: Type.Boolean({ default: false }) },
  { additionalProperties: false },
);
export type AdminPasswordChangeBody = Static<typeof AdminPasswordChangeBody>;

export const AdminEmailChangeBody = Type.Object(
  {
    user_id: Type.String({ minLength: 1 }),
    new_email: Email,
    vertificationMail: Type.Boolean({
      default: false,
      description: 'send a verification mail to the new address (spelling as in SPEC.md)',
    }),
    sendMail: Type.Boolean({ default: false, description: 'send a notice to the old address' }),
  },
  { additionalProperties: false },
);
export type AdminEmailChangeBody = Static<typeof AdminEmailChangeBody>;

export const UserReply = Type.Object({ ok: Type.Literal(true), user: PublicUser });
export type UserReply = Static<typeof UserReply>;
/** POST /api/auth/refresh: a new access token for the refresh cookie's session. */
export const SessionReply = Type.Object({ ok: Type.Literal(true), accessToken: Type.String(), user: PublicUser });
export type SessionReply = Static<typeof SessionReply>;

/** Admin routes' :id, a user id. */
export const UserIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type UserIdParams = Static<typeof UserIdParams>;

const AssignedRoles = Type.Object({ roles: Type.Optional(Type.Array(Role, { minItems: 1 })) });
/** POST /api/admin/users: a sign-up made by an admin, who may also assign roles. */
export const AdminUserBody = Type.Composite([SignupBody, AssignedRoles], { additionalProperties: false });
export type AdminUserBody = Static<typeof AdminUserBody>;
/** PUT /api/admin/users/:id: a profile edit by an admin, who may also change roles. */
export const AdminProfileBody = Type.Composite([ProfileBody, AssignedRoles], { additionalProperties: false });
export type AdminProfileBody = Static<typeof AdminProfileBody>;

/** GET /api/admin/mail: the mail outbox, newest first, optionally for one recipient. */
export const AdminMailQuery = Type.Object({
  to: Type.Optional(Type.String()),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
});
export type AdminMailQuery = Static<typeof AdminMailQuery>;

/** GET /api/auth/google/login: where to return after signing in (a same-site path). */
export const GoogleLoginQuery = Type.Object({ redirect: Type.Optional(Type.String({ maxLength: 500 })) });
export type GoogleLoginQuery = Static<typeof GoogleLoginQuery>;
/** GET /api/auth/google/callback: what Google sends back (an error instead of a code when the user declined). */
export const GoogleCallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2000 })),
  state: Type.Optional(Type.String({ maxLength: 200 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
});
export type GoogleCallbackQuery = Static<typeof GoogleCallbackQuery>;

/**
 * Operators of the console (SPEC.md §6: roles are customer and admin) and
 * account suspension (§6: the company may suspend accounts on violations).
 */

/** POST /api/admin/operators: invite by e-mail — a confirmed account is promoted, an unknown address gets an invitation mail. */
export const OperatorInviteBody = Type.Object({ email: Email }, { additionalProperties: false });
export type OperatorInviteBody = Static<typeof OperatorInviteBody>;

/** PUT /api/admin/operators/:id/role: the one role the account has from now on. */
export const OperatorRoleBody = Type.Object({ role: Role }, { additionalProperties: false });
export type OperatorRoleBody = Static<typeof OperatorRoleBody>;

/** An operator as listed: `invited` = the invitation link has not been used yet (no password, cannot log in). */
export const Operator = Type.Composite([PublicUser, Type.Object({ invited: Type.Boolean() })]);
export type Operator = Static<typeof Operator>;

export const OperatorsReply = Type.Object({ ok: Type.Literal(true), operators: Type.Array(Operator) });
export type OperatorsReply = Static<typeof OperatorsReply>;

/** The answer to an invitation: whether an existing account was promoted or a mail went out. */
export const OperatorInviteReply = Type.Object({
  ok: Type.Literal(true),
  operator: Operator,
  outcome: Type.Union([Type.Literal('promoted'), Type.Literal('invited')]),
});
export type OperatorInviteReply = Static<typeof OperatorInviteReply>;

/** POST /api/admin/users/:id/suspend: the reason is optional and kept for operators only. */
export const SuspendBody = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
export type SuspendBody = Static<typeof SuspendBody>;
