/** The billing pages, one lazily loaded chunk (app/routes.tsx). */
export { default as CreditPage } from './CreditPage.tsx';
export { default as EditCardPage } from './EditCardPage.tsx';
export { default as PurchasesPage } from './PurchasesPage.tsx';
export { default as ReceiptPage } from './ReceiptPage.tsx';
export { default as CommerceLawPage } from './CommerceLawPage.tsx';
export { default as SettlementLawPage } from './SettlementLawPage.tsx';
export { MpiCompletePage, MpiMerchantPage, MpiNoneRecurringPage, MpiNoneRegisterCardPage } from './MpiReturnPage.tsx';
