import type { FastifyReply } from 'fastify';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  412: 'Precondition Failed',
  416: 'Range Not Satisfiable',
};

/** Answers the DESIGN.md §4 error shape `{ok: false, message, error, code}`, never a file's content type. */
export function sendError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  reply.removeHeader('content-type');
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ ok: false, message, error: STATUS_TEXT[status] ?? 'Error', code });
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return sendError(reply, 404, 'NOT_FOUND', 'ファイルが見つかりません');
}

/** 416 with `Content-Range: bytes *\/size`, which tells the client the real length. */
export function sendRangeNotSatisfiable(reply: FastifyReply, size: number): FastifyReply {
  reply.header('content-range', `bytes */${size}`);
  return sendError(reply, 416, 'RANGE_NOT_SATISFIABLE', `要求された範囲はファイル (${size} バイト) の外です`);
}
