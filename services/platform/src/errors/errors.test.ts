import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './index.ts';

describe('errorCatalogue', () => {
  it('when a service code is thrown, answers the status its catalogue gives the code', () => {
    const fail = errorCatalogue({ TALK_RELEASED: 409 });
    const err = fail('TALK_RELEASED', 'この会話は終了しています。', { field: 'talk_id' });
    expect({ code: err.code, status: err.status, message: err.message, field: err.field }).toEqual({
      code: 'TALK_RELEASED',
      status: 409,
      message: 'この会話は終了しています。',
      field: 'talk_id',
    });
  });

  it('when a platform code is thrown through a catalogue, keeps the platform status', () => {
    expect(errorCatalogue({})('NOT_FOUND', '見つかりません。').status).toBe(404);
  });
});
