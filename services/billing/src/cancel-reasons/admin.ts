import { randomUUID } from 'node:crypto';
import { type Platform } from '@talkwith/platform';
import { audited } from '@talkwith/platform/eventing';
import type { AdminCancelReasonView, CreateCancelReasonBody, UpdateCancelReasonBody } from '@talkwith/proto/billing';
import { adminReasonView, openCancelReasons } from './model.ts';
import { cancelReasonErrors } from '../errors.ts';

type Ports = Pick<Platform, 'store' | 'events'>;

const detail = (view: AdminCancelReasonView) => ({
  reason_id: view.reason_id,
  label: view.label,
  position: view.position,
  retired_at: view.retired_at,
});

async function refuseDuplicateLabel(ports: Ports, label: string, exceptId?: string): Promise<void> {
  const same = await openCancelReasons(ports.store).findOne({
    label,
    retired_at: null,
    ...(exceptId ? { _id: { $ne: exceptId } } : {}),
  });
  if (same) throw cancelReasonErrors.duplicate();
}

/** An operator adds a reason (offered at once, last unless a position is given); audited in the same transaction. */
export async function createReason(
  ports: Ports,
  adminId: string,
  input: CreateCancelReasonBody,
  now: Date,
): Promise<AdminCancelReasonView> {
  const label = input.label.trim();
  if (!label) throw cancelReasonErrors.labelRequired();
  await refuseDuplicateLabel(ports, label);
  return audited(
    ports,
    { adminId },
    'cancel_reason.created',
    async (tx) => {
      const reasons = openCancelReasons(tx);
      const last = await reasons.findOne({}, { sort: { position: -1 } });
      const position = input.position ?? Math.min(10_000, (last?.position ?? 0) + 10);
      const at = now.toISOString();
      return adminReasonView(
        await reasons.insertOne({
          _id: randomUUID(),
          label,
          position,
          retired_at: null,
          created_at: at,
          updated_at: at,
        }),
      );
    },
    detail,
  );
}

/** Rename, reorder, retire (`retired: true`) or offer again (`retired: false`); audited. */
export async function updateReason(
  ports: Ports,
  adminId: string,
  id: string,
  input: UpdateCancelReasonBody,
  now: Date,
): Promise<AdminCancelReasonView> {
  const label = input.label?.trim();
  if (label === '') throw cancelReasonErrors.labelRequired();
  if (label) await refuseDuplicateLabel(ports, label, id);
  return audited(
    ports,
    { adminId },
    'cancel_reason.updated',
    async (tx) => {
      const reasons = openCancelReasons(tx);
      const current = await reasons.findOne({ _id: id });
      if (!current) throw cancelReasonErrors.notFound();
      const retiredAt =
        input.retired === undefined
          ? current.retired_at
          : input.retired
            ? (current.retired_at ?? now.toISOString())
            : null;
      const updated = await reasons.findOneAndUpdate(
        { _id: id },
        {
          $set: {
            ...(label ? { label } : {}),
            ...(input.position !== undefined ? { position: input.position } : {}),
            retired_at: retiredAt,
            updated_at: now.toISOString(),
          },
        },
      );
      if (!updated) throw cancelReasonErrors.notFound();
      return adminReasonView(updated);
    },
    detail,
  );
}

/**
 * DELETE retires the reason rather than erasing it: the cancellations that
 * chose it keep their label, and the counts of a past period stay whole.
 */
export async function retireReason(
  ports: Ports,
  adminId: string,
  id: string,
  now: Date,
): Promise<AdminCancelReasonView> {
  return updateReason(ports, adminId, id, { retired: true }, now);
}
