/** The recognition area's Japanese messages (API.md Recognition); the §8 log messages are the engine's (`Messages`). */
export const recognitionMessages = {
  rateLimited: '音声認識のリクエストが多すぎるため、一時的に制限されています。しばらくしてから再度お試しください。',
} as const;
