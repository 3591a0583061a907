// The team block: photo, name, role and a short bio per member.
import type { BlockView } from "../../pages/view";
import { BlockHeading, BlockPicture, keyed, type Of } from "./shared";

export function TeamBlock({ block, id }: { block: Of<BlockView, "team">; id: string }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby={block.title ? id : undefined}>
      <BlockHeading id={id} text={block.title} />
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {keyed(block.members, (member) => member.name).map(({ key, item: member }) => (
          <li key={key} className="rounded-xl border border-ink/10 p-5">
            {member.photo ? (
              <BlockPicture
                image={member.photo}
                width={96}
                height={96}
                className="size-24 rounded-full object-cover"
              />
            ) : null}
            <h3 className="mt-4 font-semibold" dir="auto">
              {member.name}
            </h3>
            {member.role ? (
              <p className="text-sm text-coral-700" dir="auto">
                {member.role}
              </p>
            ) : null}
            {member.bio ? (
              <p className="mt-2 text-sm text-ink/75" dir="auto">
                {member.bio}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
