package app

import (
	"context"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/dashboard"
)

// dashboardProbeKey is the object key presigned (never read) to learn the origin of the
// screenshot URLs the API hands out, which the dashboard's policy allows as image source.
const dashboardProbeKey = "dashboard-image-origin"

// mountDashboard serves the built web dashboard at /dashboard/ (server/dashboard).
func (a *App) mountDashboard(r chi.Router) {
	var origins []string
	if p, ok := a.deps.Blob.(models.URLPresigner); ok && a.deps.Blob != nil {
		// Presigning is local: no request reaches the storage.
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		if u, err := p.PresignGet(ctx, dashboardProbeKey, time.Minute); err == nil {
			origins = append(origins, u)
		}
		cancel()
	}
	// The OpenID Connect sign-in fetches from the issuer and the user pool domain (signin.go).
	h, err := dashboard.New(origins, a.cfg.SignInConnectOrigins()...)
	if err != nil {
		a.logger.Error("the dashboard is not served", "err", err.Error())
		return
	}
	r.Handle(dashboard.Prefix[:len(dashboard.Prefix)-1], h)
	r.Handle(dashboard.Prefix+"*", h)
}
