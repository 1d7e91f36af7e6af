import { useEffect, useState } from 'react';
import { signInMethodsResponseSchema, type SignInMethods } from '../../../contract/sign-in';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';

/** What a server that cannot say offers: the password form alone, which every server has. */
const PASSWORD_ONLY: SignInMethods = { password: true, sso: null };

/** `GET /auth/methods`, asked before anyone is signed in: single sign-on, and whether staff may use a password. */
async function getSignInMethods(api: ApiClient): Promise<SignInMethods> {
  try {
    return (await api.get('/auth/methods', { anonymous: true, schema: signInMethodsResponseSchema })).data;
  } catch {
    // The password form must stay usable when this call fails; the sign-in itself reports what is wrong.
    return PASSWORD_ONLY;
  }
}

/**
 * The methods, once known. Not in the data cache: signing out empties that cache (AppProviders), which would drop
 * the answer the sign-in page is waiting for.
 */
export function useSignInMethods(): SignInMethods | undefined {
  const api = useApi();
  const [methods, setMethods] = useState<SignInMethods>();
  useEffect(() => {
    let isCurrent = true;
    void getSignInMethods(api).then((answer) => {
      if (isCurrent) setMethods(answer);
    });
    return () => {
      isCurrent = false;
    };
  }, [api]);
  return methods;
}
