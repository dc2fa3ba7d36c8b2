/**
 * Billing pieces other features show (features never import each other; they
 * go through app/): the buy button of a character card and the talk-ticket step
 * before a talk. The plan list of /mypage has its own re-export (planList.ts):
 * Rollup puts every module a re-export file names into the chunks of all its
 * importers, so the plan list here rode along on the chat route.
 */
export { BuyButton } from '../features/billing/BuyButton.tsx';
export { useTalkTicketGate, type GatedCharacter, type TicketUse } from '../features/billing/useTalkTicketGate.tsx';
