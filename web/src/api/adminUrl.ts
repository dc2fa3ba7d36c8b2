/** The admin API base comes from /api/config (default /api/admin); the client's base URL is already /api. */
export function adminUrl(base: string, path: string): string {
  return `${base.replace(/^\/?api\/?/, '').replace(/\/+$/, '')}/${path}`;
}
