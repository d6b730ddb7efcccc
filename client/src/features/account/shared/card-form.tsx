import type { FormEventHandler, ReactNode, RefObject } from "react";

/** An account form on its own card, named by its heading (the profile, password and address forms). */
export function CardForm({
  formRef,
  titleId,
  title,
  onSubmit,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  titleId: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form ref={formRef} className="form card" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {title}
      </h2>
      {children}
    </form>
  );
}
