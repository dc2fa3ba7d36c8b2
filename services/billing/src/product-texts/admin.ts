import { type Platform } from '@talkwith/platform';
import { audited } from '@talkwith/platform/eventing';
import type { NameTranslations, ProductTextView } from '@talkwith/proto/billing';
import { trimmedTranslations } from '@talkwith/proto/identity';
import { openProductTexts, SHIPPED, shippedText } from './model.ts';
import { purchaseErrors } from '../errors.ts';

type Ports = Pick<Platform, 'store' | 'events'>;

/** Every pack's and plan's name with its translations as shown now (an operator's edit, else the shipped ones). */
export async function listProductTexts(ports: Ports): Promise<ProductTextView[]> {
  const edited = await openProductTexts(ports.store).find(
    { _id: { $in: SHIPPED.map((s) => s.key) } },
    { limit: SHIPPED.length },
  );
  return SHIPPED.map((shipped) => {
    const doc = edited.find((d) => d._id === shipped.key);
    return {
      key: shipped.key,
      kind: shipped.kind,
      name: shipped.name,
      name_i18n: doc?.name_i18n ?? shipped.name_i18n,
      edited_at: doc?.edited_at ?? null,
    };
  });
}

/** An operator replaces a pack's or plan's translations; audited in the same transaction. */
export async function updateProductText(
  ports: Ports,
  adminId: string,
  key: string,
  input: NameTranslations,
  now: Date,
): Promise<ProductTextView> {
  const shipped = shippedText(key);
  if (!shipped) throw purchaseErrors.productNotFound();
  const name_i18n = trimmedTranslations(input);
  const edited_at = now.toISOString();
  return audited(
    ports,
    { adminId },
    'product_text.updated',
    async (tx) => {
      await openProductTexts(tx).updateOne(
        { _id: key },
        { $set: { name_i18n, edited_at, edited_by: adminId } },
        { upsert: true },
      );
      return { key, kind: shipped.kind, name: shipped.name, name_i18n, edited_at };
    },
    (view) => ({ key: view.key, name_i18n: view.name_i18n }),
  );
}
