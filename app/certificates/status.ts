// What a course or learn page shows about its certificate (computed by status.server.ts).
export type CertificateStatus =
  | { kind: "progress"; courseId: number; completedLessons: number; totalLessons: number }
  | { kind: "eligible"; courseId: number }
  | { kind: "issued"; courseId: number; id: string; code: string; revoked: boolean };
