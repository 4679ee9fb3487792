/** The site content pages' words (portfolio, pricing): schema-free, so a page that shows one loads no schema library. */

export const siteMessages = {
  titleRequired: "Please enter a title",
  descriptionRequired: "Please enter a description",
  linkRequired: "Please enter the project's address (http or https)",
  categoryRequired: "Please choose a category",
  imageRequired: "Please choose an image",
  imageRule: "Choose a PNG, JPEG or WebP image of at most 5 MB",
  imageAgain: "Choose the image again: a browser never sends a file twice.",
  nameRequired: "Please enter a name",
  priceRequired: "Please enter a price",
  featuresRequired: "Please enter at least one feature, one per line",
  ctaRequired: "Please enter the button's label",
  listRequired: "Please enter at least one item, one per line",
  lastPackage: "At least one package must stay",
  saved: "Saved successfully",
  deleted: "Portfolio item deleted",
  packageAdded: "Package added",
  packageRemoved: "Package removed",
  notFound: "Portfolio item not found",
} as const;
