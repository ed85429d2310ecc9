import { request, type Query, api } from '../api/client';

/** Hands a blob to the browser as a download named `name`, through a temporary link. */
function saveBlob(blob: Blob, name: string): void {
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

/**
 * Saves a file the API serves behind the bearer header: fetched as a Blob, then handed to the browser
 * through a temporary link, since a plain link cannot send the header. The name is the server's
 * (`content-disposition`), given here again because a Blob URL has none.
 */
export async function downloadFile(path: string, name: string): Promise<void> {
  saveBlob(await api.blob(path), name);
}

/** The file name of a `content-disposition` header (`filename*=UTF-8''...` or `filename="..."`). */
export function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) return decodeURIComponent(extended[1].trim());
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return plain ? (plain[1] ?? plain[2]).trim() : undefined;
}

/** Like `downloadFile`, under the name the server's `content-disposition` gives (`fallback` without one). */
export async function downloadAttachment(path: string, query: Query, fallback: string): Promise<string> {
  const res = await request<Response>('GET', path, { query, as: 'response' });
  const name = attachmentName(res.headers.get('content-disposition')) ?? fallback;
  saveBlob(await res.blob(), name);
  return name;
}
