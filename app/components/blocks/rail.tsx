// A rail: courses (newest, of a category, or chosen), case studies or posts, drawn with the site's own cards.
import type { BlockView } from "../../pages/view";
import { BlogCard, CaseStudyCard, CourseCard } from "../cards";
import { BlockHeading, type Of } from "./shared";

export function RailBlock({ block, id }: { block: Of<BlockView, "rail">; id: string }) {
  if (block.cards.length === 0) return null;
  return (
    <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby={block.title ? id : undefined}>
      <BlockHeading id={id} text={block.title} />
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {block.source === "courses"
          ? block.cards.map((course) => <CourseCard key={course.id} course={course} />)
          : block.source === "caseStudies"
            ? block.cards.map((item) => <CaseStudyCard key={item.id} item={item} />)
            : block.cards.map((post) => <BlogCard key={post.id} post={post} />)}
      </div>
    </section>
  );
}
