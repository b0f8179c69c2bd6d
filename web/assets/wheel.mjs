// Parlour's wheel as the site ships it (decision 0113): the zip gzipped whole, so that its modules
// share one deflate stream. Gunzipped here for the page and every worker; a host that decoded it
// already (a Content-Encoding sent for .gz) hands over the zip itself.
export const fetchWheel = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(response.status + " " + response.url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes.buffer;
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
};
