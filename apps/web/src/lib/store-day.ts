import { createContext, useContext } from 'react';

/**
 * The day in India a page is for, 'YYYY-MM-DD': it picks the occasion in season, which the top
 * menu and the home banner show. The server renders with its clock's day and sends that day with
 * the page (entry-server.tsx), and the browser hydrates with it (main.tsx): a page rendered at
 * 23:59 IST on a window's last day, or read by a browser whose clock is wrong, hydrates as it was
 * rendered. Null when no server rendered the page: the browser's own clock then says. Nothing here
 * reads the clock, so the first page's script carries no date rules (the calendar's users are
 * loaded apart).
 */
export const StoreDayContext = createContext<string | null>(null);

export const useStoreDay = (): string | null => useContext(StoreDayContext);
