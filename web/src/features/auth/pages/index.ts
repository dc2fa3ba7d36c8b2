/**
 * The account pages, one chunk loaded when the first of them opens (routes.tsx):
 * the top page and the player do not carry them.
 */
export { AccountDeletePage } from './AccountDeletePage.tsx';
export { AccountPage } from './AccountPage.tsx';
export { EmailChangePage } from './EmailChangePage.tsx';
export { EmailConfirmPage } from './EmailConfirmPage.tsx';
export { GoogleFailurePage, GoogleSuccessPage } from './GooglePages.tsx';
export { LoginPage } from './LoginPage.tsx';
export { MyPage } from './MyPage.tsx';
export { PasswordChangePage } from './PasswordChangePage.tsx';
export { PasswordResetPage } from './PasswordResetPage.tsx';
export { ProfilePage } from './ProfilePage.tsx';
export { RegisterPage } from './RegisterPage.tsx';
