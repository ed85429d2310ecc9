import { api } from '../api/client';

/**
 * Saves a file the API serves behind the bearer header: fetched as a Blob, then handed to the browser
 * through a temporary link, since a plain link cannot send the header. The name is the server's
 * (`content-disposition`), given here again because a Blob URL has none.
 */
export async function downloadFile(path: string, name: string): Promise<void> {
  const blob = await api.blob(path);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  try {
    a.click();
  } finally {
    a.remove();
    // Some browsers read the URL after the click returns.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

