/** Who registers: a member by id, or a guest by (lower-cased) e-mail. */
export type Registrant = { kind: 'member'; userId: number } | { kind: 'guest'; name: string; email: string };
