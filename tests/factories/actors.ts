import type { Actor } from '~/lib/roles';

/** Someone acting in a feature function, by role, for the tests of who may do what. */
export function actorWith(role: string): Actor {
  return { id: null, email: `${role.replace(/_/g, '-')}@example.org`, role };
}

/** Runs `run` and gives the AppError it throws (a test fails if it throws nothing or something else). */
export async function refusalOf(run: () => Promise<unknown>) {
  const { AppError } = await import('~/lib/errors');
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}
