export {
  credentialCipherFrom,
  CredentialMessages,
  generateCredentialKeys,
  type CredentialCipher,
  type CredentialKeys,
} from './credentials.ts';
export { credentialsFor, standaloneCredentialKeys } from './standalone.ts';
