import { useCallback, useState } from 'react';

/** The upload this browser started last, until its result has been seen: a reload shows its progress again. */
export const RUNNING_UPLOAD_KEY = 'tarang.sims.upload';

function readStored(): string | null {
  try {
    const value = localStorage.getItem(RUNNING_UPLOAD_KEY);
    return value && /^[0-9a-f]{24}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function useRunningUpload(): [string | null, (id: string | null) => void] {
  const [id, setId] = useState<string | null>(readStored);
  const set = useCallback((next: string | null) => {
    try {
      if (next) localStorage.setItem(RUNNING_UPLOAD_KEY, next);
      else localStorage.removeItem(RUNNING_UPLOAD_KEY);
    } catch {
      /* remembered for this visit only */
    }
    setId(next);
  }, []);
  return [id, set];
}
