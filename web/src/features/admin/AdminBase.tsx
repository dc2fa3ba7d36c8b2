import { createContext, useContext } from 'react';

export interface AdminBase {
  /** Where the console lives in the browser: `/<secret prefix>`. */
  basePath: string;
  /** Where its API lives: `/api/<secret prefix>` (adminApi.adminUrl turns it into an RTK Query URL). */
  apiBase: string;
}

export const AdminBaseContext = createContext<AdminBase>({ basePath: '/admin', apiBase: '/api/admin' });

/** The console's browser and API bases, for links and for RTK Query calls of any admin page. */
export const useAdminBase = (): AdminBase => useContext(AdminBaseContext);
