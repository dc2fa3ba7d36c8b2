/**
 * Loads the analytics script (Google tag) only when an id is configured
 * (SPEC.md §2). Without an id nothing is fetched at all.
 */
const SCRIPT_ID = 'talkwith-analytics';

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

export function loadAnalytics(analyticsId: string | undefined, doc: Document = document): boolean {
  const id = analyticsId?.trim();
  if (!id || !/^[A-Za-z0-9-]+$/.test(id) || doc.getElementById(SCRIPT_ID)) return false;
  const win = doc.defaultView as GtagWindow | null;
  if (win) {
    win.dataLayer = win.dataLayer ?? [];
    const layer = win.dataLayer;
    win.gtag = function gtag() {
      // gtag expects the arguments object itself, not an array copy
      // eslint-disable-next-line prefer-rest-params
      layer.push(arguments);
    };
    win.gtag('js', new Date());
    win.gtag('config', id);
  }
  const script = doc.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  doc.head.appendChild(script);
  return true;
}
