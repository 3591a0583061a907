// The band at the top of each inner page: eyebrow, title and lead paragraph.
import type { ReactNode } from "react";

export function PageIntro({
  title,
  lead,
  eyebrow,
  children,
}: {
  title: string;
  lead?: string;
  eyebrow?: string;
  children?: ReactNode;
}) {
  return (
    <div className="bg-sand">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        {eyebrow ? <p className="text-sm font-semibold text-coral-700">{eyebrow}</p> : null}
        <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-4 max-w-3xl text-lg text-ink/75">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
