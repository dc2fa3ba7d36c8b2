/** A long id (a UUID, an orderId) in a table: its start, the whole id on hover; the detail pages show it in full. */
export function ShortId({ id }: { id: string }) {
  return (
    <code className="billing-id" title={id}>
      {id.length > 14 ? `${id.slice(0, 10)}…` : id}
    </code>
  );
}
