export { proofsFor, purposeKey, type Proofs, type ProofPurpose, type SignOptions } from './proofs.ts';
export {
  createMediaSigning,
  ANONYMOUS_MEDIA_USER,
  MEDIA_COOKIE,
  MEDIA_URL_TTL_SECONDS,
  type MediaCheck,
  type MediaSignature,
  type MediaSigning,
} from './media.ts';
export { TicketUseClaims, ticketUseProofs, TICKET_USE_TTL_SECONDS } from './ticket-use.ts';
