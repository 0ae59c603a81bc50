import { ComparisonSection } from '../components/landing/comparison-section';
import { FeaturesSection } from '../components/landing/features-section';
import { HeroSection } from '../components/landing/hero-section';
import { StatsSection } from '../components/landing/stats-section';
import { TestimonialsSection } from '../components/landing/testimonials-section';
import { FinalCta } from '../components/final-cta';

export default function LandingPage() {
  return (
    <main>
      <title>Vetrina — Il tuo negozio online in pochi minuti</title>
      <HeroSection />
      <FeaturesSection />
      <StatsSection />
      <ComparisonSection />
      <TestimonialsSection />
      <FinalCta />
    </main>
  );
}
