"""The admin site: Django's, with every list (the project's and the libraries') answering
bad drill-down and filter values with the admin's own "bad lookup" redirect, never a 500."""

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig as DjangoAdminConfig
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.views.main import ChangeList
from django.db import DataError, transaction

# What a value out of range raises: a year past 9999 in the date drill-down (ValueError,
# OverflowError), a number too large for SQLite (OverflowError) or PostgreSQL (DataError).
OUT_OF_RANGE = (ValueError, OverflowError, DataError)


class SafeChangeList(ChangeList):
    def get_filters(self, request):
        try:
            return super().get_filters(request)
        except OUT_OF_RANGE as error:
            raise IncorrectLookupParameters(error) from error

    def get_queryset(self, request, exclude_parameters=None):
        queryset = super().get_queryset(request, exclude_parameters)
        try:
            # The values reach the database only when the list is read: try them once.
            with transaction.atomic(using=queryset.db):
                queryset.exists()
        except OUT_OF_RANGE as error:
            raise IncorrectLookupParameters(error) from error
        return queryset


class SafeChangeListAdmin:
    def get_changelist(self, request, **kwargs):
        return SafeChangeList


class AdminSite(admin.AdminSite):
    def register(self, model_or_iterable, admin_class=None, **options):
        admin_class = admin_class or admin.ModelAdmin
        if not issubclass(admin_class, SafeChangeListAdmin):
            admin_class = type(
                admin_class.__name__,
                (SafeChangeListAdmin, admin_class),
                {"__module__": admin_class.__module__},
            )
        super().register(model_or_iterable, admin_class, **options)


class AdminConfig(DjangoAdminConfig):
    default_site = "cribtrainer.admin_site.AdminSite"
