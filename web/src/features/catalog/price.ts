const yen = new Intl.NumberFormat('ja-JP');

/** A price as the menu shows it: the free label at 0, else ¥ with thousands separators (prices are in yen whatever the interface language). */
export function formatPrice(price: number, freeLabel: string): string {
  return price <= 0 ? freeLabel : `¥${yen.format(price)}`;
}
