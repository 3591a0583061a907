// The spam trap of the site's public forms (sign-up and log-in, contact, consultation, newsletter): a field
// hidden from people and assistive technology that bots fill in; the action treats a filled one as spam.
export function Honeypot({ id, label }: { id: string; label: string }) {
  return (
    <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
