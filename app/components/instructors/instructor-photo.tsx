// A teacher's photo in a circle, or their initial when they have none (the header's avatar does the same).

export function InstructorPhoto({
  name,
  url,
  alt,
  size,
}: {
  name: string;
  url: string | null;
  /** "Photo of …": the photo says who it shows even where the name is beside it. */
  alt: string;
  size: "small" | "large";
}) {
  const box = size === "large" ? "size-28 text-4xl" : "size-16 text-2xl";
  if (url)
    return (
      <img
        src={url}
        alt={alt}
        width={size === "large" ? 112 : 64}
        height={size === "large" ? 112 : 64}
        className={`${box} shrink-0 rounded-full object-cover`}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-teal-700 font-bold text-white`}
    >
      {Array.from(name.trim())[0] ?? "?"}
    </span>
  );
}
