// The dialogue service reads only the platform-wide variables (one schema, one .env.example).
export { loadServiceConfig as loadDialogueConfig, platformConfigSchema as dialogueConfigSchema } from '@talkwith/platform/platform';
