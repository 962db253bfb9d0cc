/** Reading better-auth's answers to the calls our actions make (callAuthEndpoint). */

/** Set-Cookie headers of a better-auth answer, to pass on to the browser with our own response. */
export function cookieHeaders(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
}

/** The error code of a refusal ('INVALID_PASSWORD', 'INVALID_CODE'…), if the answer has one. */
export async function errorCode(response: Response): Promise<string | undefined> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return body?.code;
}
