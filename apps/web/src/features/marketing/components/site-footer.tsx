export function SiteFooter() {
  return <footer className="border-t py-8 text-center text-sm text-muted-foreground">© {new Date().getFullYear()} Vetrina</footer>;
}
