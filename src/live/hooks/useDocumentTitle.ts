import { useEffect } from 'react';

/** The tab's title: a venue computer may have several screens open at once. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
