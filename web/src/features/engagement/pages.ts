/** The engagement pages, one lazily loaded chunk (app/routes.tsx). */
export { default as SerialPage } from './SerialPage.tsx';
export { default as CouponPage } from './CouponPage.tsx';
export { default as NotificationPage } from './NotificationPage.tsx';
export { default as NewsPage } from './NewsPage.tsx';
export { ContactPage, ContactDevPage } from './ContactPage.tsx';
