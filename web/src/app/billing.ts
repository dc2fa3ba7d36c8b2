/**
 * Billing pieces other features show (features never import each other; they
 * go through app/): the plan list of /mypage, the buy button of a character
 * card, and the talk-ticket step before a talk.
 */
export { PlanList } from '../features/billing/PlanList.tsx';
export { BuyButton } from '../features/billing/BuyButton.tsx';
export { useTalkTicketGate, type GatedCharacter } from '../features/billing/useTalkTicketGate.tsx';
