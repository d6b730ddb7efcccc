/** What an external card shows: a picture, a title linking to another site, a line of text. */
export interface ExternalCardContent {
  image: string;
  title: string;
  link: string;
  desc: string;
}

/**
 * A card whose title opens another site in a new window, saying so to screen readers
 * (`newWindow`), as the academy cards of the home page and the mobile page's cards do.
 */
export function ExternalCard({
  card,
  className,
  newWindow,
}: {
  card: ExternalCardContent;
  className: string;
  newWindow: string;
}) {
  return (
    <li className={className}>
      <img src={card.image} alt="" width={400} height={260} loading="lazy" />
      <h3>
        <a href={card.link} target="_blank" rel="noopener noreferrer">
          {card.title}
          <span className="visually-hidden"> {newWindow}</span>
        </a>
      </h3>
      <p>{card.desc}</p>
    </li>
  );
}
