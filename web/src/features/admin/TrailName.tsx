/**
 * The last step of a console breadcrumb: the name a person reads (an address,
 * a product, a coupon), the id on hover; the id itself until the name is known
 * or when there is none (a deleted account).
 */
export function TrailName({ id, name }: { id: string; name?: string | null | undefined }) {
  return name ? <span title={id}>{name}</span> : <code title={id}>{id}</code>;
}
