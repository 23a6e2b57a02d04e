/** Who may open a route: anyone, only visitors (signed-in users go home), or only signed-in users. */
export type Access = 'public' | 'guest' | 'auth';
